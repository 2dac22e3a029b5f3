// Gas tests on permits (decision 0049): readings, their limits, the permit guards, and suspension
// and notices on a failing reading.

// Exports the routes, the permit guards and the consumers it registers, and the commands the demo
// seed walks.

export { gasTestsRoutes } from './gas-tests.routes';
export { gasTestLifecycle } from './gas-tests.guards';
export { registerGasTestNotifications } from './gas-test-notifications.consumer';
export { registerGasTestSuspension } from './gas-test-suspension.consumer';
export { gasTestCommandDefinitions } from './gas-test-command.service';
export { createGasInstrument, createGasParameter } from './gas-config.service';
export { readGasTestsSection, readGasTestsSectionsForPermits } from './gas-tests-section';
