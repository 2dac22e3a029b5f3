// Gas tests: the permit page's section and the configuration screen.

// app/ composes them.

export { GasTestsSection } from './components/GasTestsSection';
export { GasConfigPage } from './components/GasConfigPage';
