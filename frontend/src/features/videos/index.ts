/** What other parts of the client use of the video archive: the list's query keys (admin invalidates them). */
export { videoPagesKeys } from './keys';
