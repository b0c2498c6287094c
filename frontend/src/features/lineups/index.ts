/** What other parts of the client show of the lineups: a year's entries (the year page) and the open data (about). */
export { OpenDataSection } from './components/OpenDataSection';
export { YearLineupSection } from './components/YearLineupSection';
