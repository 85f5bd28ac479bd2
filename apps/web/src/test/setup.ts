import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { loadTabletTexts } from '../platform/i18n';

// findBy… and waitFor wait up to 5 s, not Testing Library's 1 s: on CI's two busy cores a screen that
// loads through the fake fetch was seen still loading after 1 s (member-photo.test.tsx, 2026-11-24).
// A passing wait returns as soon as it passes, so this only slows a test that is failing anyway.
configure({ asyncUtilTimeout: 5000 });

// The tablet's screens' English texts, which the app loads with the tablet's start and routes
// (platform/i18n.ts): component tests render those screens directly.
beforeAll(() => loadTabletTexts());

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
});
