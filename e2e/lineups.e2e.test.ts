import { describe } from 'vitest';
import { VIEWPORTS } from './support/browser';
import { lineupFlows } from './support/lineup-flows';

// The lineup screens in real headless Chromium against `npm start` with the real archive import, desktop and phone.
describe('desktop', () => lineupFlows(VIEWPORTS.desktop));
describe('mobile', () => lineupFlows(VIEWPORTS.mobile));
