import { useQuery } from '@tanstack/react-query';
import { coreOutputLoadTemplate } from '../../../api/core';
import { toolTemplatelibraryListThemeOverrides, toolTemplatelibraryLoadCanonicalTemplate } from '../../../api/templatelibrary';
import { Loading } from '../../app/Page';
import { config } from '../../platform/config';
import { useWsQuery } from '../../platform/query';
import { renderTemplate } from '../../platform/templates';
import type { StringLookup } from '../../platform/useStrings';
import { documentation, exampleOf, type Example } from './docs';
import { ExampleFrame } from './ExampleFrame';

function Source({ label, source }: { label: string; source: string }) {
  return (
    <pre className="template-source" tabIndex={0} aria-label={label}>
      <code>{source}</code>
    </pre>
  );
}

/** The example context rendered live, as the site would render it (theme copy, partials and strings included). */
function ExampleView({ name, example, s }: { name: string; example: Example; s: StringLookup }) {
  const context = example.kind === 'context' ? example.context : null;
  const rendered = useQuery({
    queryKey: ['templatelibrary-example', name, context],
    queryFn: () => renderTemplate(name, context ?? {}),
    enabled: context !== null,
    meta: { quiet: true },
    retry: false,
  });
  if (example.kind === 'none') return <p className="muted template-noexample">{s('noexample')}</p>;
  if (example.kind === 'invalid') return <p className="field-error">{s('exampleinvalid', example.error)}</p>;
  if (rendered.isPending) return <Loading />;
  if (rendered.isError) return <p className="field-error">{s('examplefailed', rendered.error.message)}</p>;
  return <ExampleFrame html={rendered.data} title={s('exampleframe', name)} />;
}

/**
 * One template: its documentation (from the theme's copy when it has its own, else the component's),
 * a rendering of its example context, its source as the component ships it, and the themes that
 * replace it with their copies.
 */
export function TemplateDetails({ name, s }: { name: string; s: StringLookup }) {
  const slash = name.indexOf('/');
  const component = name.slice(0, slash);
  const template = name.slice(slash + 1);
  const args = { component, template };
  const canonical = useWsQuery(toolTemplatelibraryLoadCanonicalTemplate, args, { meta: { quiet: true } });
  const overrides = useWsQuery(toolTemplatelibraryListThemeOverrides, args, { meta: { quiet: true } });
  const themed = useWsQuery(coreOutputLoadTemplate, { component, template, themename: config().theme, includecomments: true }, { meta: { quiet: true }, retry: false });

  if (canonical.isPending || overrides.isPending || themed.isPending) return <Loading />;
  if (canonical.isError) return <p className="field-error">{canonical.error.message}</p>;
  if (canonical.data === false && themed.isError) return <p className="field-error">{s('notfound', name)}</p>;
  const doc = documentation(themed.data, canonical.data, name);
  const themes = overrides.data ?? [];
  return (
    <article className="template-details" aria-labelledby="template-name">
      <header className="template-details-header">
        <h2 id="template-name">{name}</h2>
        {themes.length > 0 && <span className="badge badge-muted">{s('overriddenby', themes.map((t) => t.themename).join(', '))}</span>}
      </header>

      <section aria-labelledby="template-doc-heading">
        <h3 id="template-doc-heading">{s('documentation')}</h3>
        {/* Long lines scroll sideways: the box takes the focus so the keyboard can scroll it. */}
        {doc ? (
          <pre className="template-doc" tabIndex={0} role="region" aria-labelledby="template-doc-heading">
            {doc}
          </pre>
        ) : <p className="muted">{s('nodocumentation', name)}</p>}
      </section>

      <section aria-labelledby="template-example-heading">
        <h3 id="template-example-heading">{s('example')}</h3>
        <ExampleView name={name} example={exampleOf(doc)} s={s} />
      </section>

      <section aria-labelledby="template-source-heading">
        <h3 id="template-source-heading">{s('canonicalsource')}</h3>
        {canonical.data === false ? <p className="muted">{s('notfound', name)}</p> : <Source label={s('source')} source={canonical.data} />}
      </section>

      <section aria-labelledby="template-overrides-heading">
        <h3 id="template-overrides-heading">{s('themeoverrides')}</h3>
        {themes.length === 0 ? (
          <p className="muted">{s('nothemeoverrides')}</p>
        ) : (
          themes.map((t) => (
            <details key={t.themename} className="template-override">
              <summary>{s('themesource', t.themename)}</summary>
              <Source label={s('themesource', t.themename)} source={t.source} />
            </details>
          ))
        )}
      </section>
    </article>
  );
}
