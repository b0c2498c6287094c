import { VIEWPORTS } from './support/browser';
import { userFlows } from './support/flows';

// Real headless Chromium against `npm start` (see e2e/global-setup.ts), on a 1280×800 desktop.
userFlows(VIEWPORTS.desktop);
