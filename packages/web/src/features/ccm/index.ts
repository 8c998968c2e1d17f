// What other features may compose from ccm: the patient page's CCM panel.
export { CcmPanel } from './components/CcmPanel';
