/** Step 1 of the browser's start (main.tsx): React and React DOM, evaluated in a task of their own. */
export { startTransition } from 'react';
export { createRoot, hydrateRoot } from 'react-dom/client';
