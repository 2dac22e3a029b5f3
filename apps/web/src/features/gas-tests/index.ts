// Gas tests: the permit page's section and the configuration screen.

// app/ composes them.

export { GasTestsSection } from './components/GasTestsSection';
export { GasConfigPage } from './components/GasConfigPage';

// Its offline rules (app/ hands them to the permit page's offline source).
export { gasTestOfflineApplier } from './offline-apply';
