export { reportVisit } from './api/report-visit.ts';
