// Announcements: the current ones a user reads and acknowledges, and the manager's API.

export { announcementRoutes } from './announcement.routes';
