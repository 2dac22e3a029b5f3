/** The Question Manage feature's public face: what app/ composes (loaded lazily after sign-in). */
export { QuestionManagePage } from './components/QuestionManagePage';
