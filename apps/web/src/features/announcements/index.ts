// Announcements: the reader and the manager's screens.

// Its pages load lazily (app/signed-in/pages.ts imports the component files directly), so nothing
// here weighs on the shell or the login route.

export { AnnouncementManager } from './components/AnnouncementManager';
export { ManagerGate } from './components/ManagerGate';
