/** The hazard analysis's public face (issue 17 part 1): the permit page's section and the risk matrix settings (app/ composes them). */
export { HazardAnalysisSection } from './components/HazardAnalysisSection';
export { RiskMatrixSettings } from './components/RiskMatrixSettings';
