import { VIEWPORTS } from './support/browser';
import { userFlows } from './support/flows';

// Real headless Chromium against `npm start` (see e2e/global-setup.ts), on a 390×844 phone: touch, collapsible menu.
userFlows(VIEWPORTS.mobile);
