/** What other parts of the client use of the years: the /years list's query key (admin invalidates it). */
export { yearPagesKey } from './keys';
