import type { ComponentParts } from './parts';

export const overrideParts: ComponentParts = { methods: [], pages: [] };
