// Question Manage: questions, their versions and assignments.

// What app/ composes (loaded lazily after sign-in).

export { QuestionManagePage } from './components/QuestionManagePage';
