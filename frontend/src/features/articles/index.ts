/** What other parts of the client use of the article screens: the list's query keys (admin invalidates them). */
export { articlePagesKeys } from './keys';
