import type { ComponentParts } from './parts';

export const defineParts: ComponentParts = { methods: [], pages: [] };
