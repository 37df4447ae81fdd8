import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy/waitFor give up after 1 s by default; on a loaded two-core CI host a screen with MUI and the editor may
// take longer to settle, which would fail a test for the host's speed, not the screen's behaviour.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => cleanup());
