import { toolTemplatelibraryListTemplates, toolTemplatelibraryListThemeOverrides, toolTemplatelibraryLoadCanonicalTemplate } from '../../../api/templatelibrary';
import { defineMethod } from '../../ws/method';
import { canonicalSource, listTemplates, themeOverrides } from './catalogue';

// Template sources are public (core_output_load_template serves them without a login), so listing
// and reading them needs no capability either, as in Moodle. The files are read synchronously: a
// handful of small files, and the catalogue is read once per process.
const listTemplatesMethod = defineMethod(toolTemplatelibraryListTemplates, (ctx, args) => Promise.resolve(listTemplates(ctx.platform, args)));

const loadCanonical = defineMethod(toolTemplatelibraryLoadCanonicalTemplate, (ctx, { component, template }) => Promise.resolve(canonicalSource(ctx.platform, component, template)));

const listOverrides = defineMethod(toolTemplatelibraryListThemeOverrides, (ctx, { component, template }) => Promise.resolve(themeOverrides(ctx.platform, component, template)));

export const templatelibraryMethods = [listTemplatesMethod, loadCanonical, listOverrides];
