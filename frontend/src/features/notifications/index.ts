/** What other parts of the client use of notifications, watching and mentions. */
export { WatchButton } from './components/WatchButton';
export { MentionSuggestions } from './components/MentionSuggestions';
