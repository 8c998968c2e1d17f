// What other features may compose from ccm: the patient page's CCM panel.
export { CcmPanel } from './components/CcmPanel';
// The file controls of attachments, consent forms and imaging, and the tray of their transfers (docs/ccm.md "Files").
export { CcmFileControl, type CcmFileGroup } from './components/CcmFileControl';
export { FileTransferTray } from './components/FileTransferTray';
