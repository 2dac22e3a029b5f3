// The gas tests module's public surface (issue 17 part 3; decision 0049): routes, the permit guards
// and the consumers it registers (notifications, suspension on a failing reading), the commands the demo seed walks.
export { gasTestsRoutes } from './gas-tests.routes';
export { gasTestLifecycle } from './gas-tests.guards';
export { registerGasTestNotifications } from './gas-test-notifications.consumer';
export { registerGasTestSuspension } from './gas-test-suspension.consumer';
export { gasTestCommandDefinitions } from './gas-test-command.service';
export { createGasInstrument, createGasParameter } from './gas-config.service';
export { readGasTestsSection, readGasTestsSectionsForPermits } from './gas-tests-section';
