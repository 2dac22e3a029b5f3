// SIMOPS (decision 0098): the rules screen, the permit page's Conflicts section and notice, and the
// override fields of Approve and Issue.

// app/ composes them.

export { SimopsRulesPage } from './components/SimopsRulesPage';
export { SimopsSection } from './components/SimopsSection';
export { SimopsNotice } from './components/SimopsNotice';
export { SimopsOverrideFields, type SimopsOverrideHandle } from './components/SimopsOverrideFields';
