import { useCallback, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { modLtiGetToolProxies, modLtiGetToolTypes, modLtiIsCartridge } from '../../../api/lti';
import { Loading, Page } from '../../app/Page';
import { call } from '../../platform/ajax';
import { describedBy, FormField } from '../../platform/FormField';
import { PendingButton } from '../../platform/PendingButton';
import { useWsQuery } from '../../platform/query';
import { useStrings, type StringLookup } from '../../platform/useStrings';
import { ProxyCard } from './ProxyCard';
import { CartridgeForm, ExternalRegistration } from './Registration';
import { LTI_STRINGS } from './strings';
import { ToolCard } from './ToolCard';
import './lti.css';

type Registration = { kind: 'cartridge'; url: string } | { kind: 'external'; url: string } | null;

/** The add-tool URL form: a cartridge opens the cartridge form, anything else starts an LTI 2 registration. */
function AddToolForm({ s, onStart, busy }: { s: StringLookup; onStart: (r: Registration) => void; busy: boolean }) {
  const id = useId();
  const [url, setUrl] = useState('');
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = url.trim();
    if (!trimmed || checking || busy) return;
    setChecking(true);
    setError('');
    try {
      const { iscartridge } = await call(modLtiIsCartridge, { url: trimmed });
      if (iscartridge) {
        setUrl('');
        onStart({ kind: 'cartridge', url: trimmed });
      } else {
        onStart({ kind: 'external', url: trimmed });
      }
    } catch {
      setError(s('errorbadurl'));
    } finally {
      setChecking(false);
    }
  };
  return (
    <form className="lti-add-form" onSubmit={(e) => void submit(e)} noValidate>
      <FormField id={id} label={s('toolurl')} help={s('addtoolhelp')} error={error}>
        <div className="input-row">
          <input id={id} type="text" inputMode="url" value={url} onChange={(e) => setUrl(e.target.value)} {...describedBy(id, error, s('addtoolhelp'))} />
          <PendingButton isPending={checking} pendingKind="working" type="submit" className="btn btn-primary" isDisabled={busy}>
            {s('addtool')}
          </PendingButton>
        </div>
      </FormField>
    </form>
  );
}

function ToolList({ s }: { s: StringLookup }) {
  const types = useWsQuery(modLtiGetToolTypes, {});
  if (types.isPending) return <Loading />;
  if (types.error) return null;
  if (types.data.length === 0) return <p className="empty-state">{s('notools')}</p>;
  return (
    <div className="lti-cards">
      {types.data.map((card) => (
        <ToolCard key={`${card.id}-${card.state.text}`} card={card} s={s} />
      ))}
    </div>
  );
}

function ProxyList({ s }: { s: StringLookup }) {
  const proxies = useWsQuery(modLtiGetToolProxies, { orphanedonly: false });
  if (proxies.isPending) return <Loading />;
  if (proxies.error) return null;
  if (proxies.data.length === 0) return <p className="empty-state">{s('noregistrations')}</p>;
  return (
    <div className="lti-cards">
      {proxies.data.map((card) => (
        <ProxyCard key={card.id} card={card} s={s} />
      ))}
    </div>
  );
}

/** `/mod/lti/toolconfigure.php`: add tools by cartridge, LTI 2 registration or by hand; manage the tool and registration cards. */
export function ToolConfigure() {
  const s = useStrings('mod_lti', LTI_STRINGS);
  const [registration, setRegistration] = useState<Registration>(null);
  const end = useCallback(() => setRegistration(null), []);
  return (
    <Page
      title={s('toolconfigure')}
      breadcrumb={[{ label: s('sitetools'), to: '/admin/' }]}
      actions={
        <Link className="btn btn-secondary" to="/mod/lti/typessettings.php">
          {s('configuremanually')}
        </Link>
      }
    >
      <section className="card" aria-label={s('addtool')}>
        <AddToolForm s={s} onStart={setRegistration} busy={registration !== null} />
        {registration?.kind === 'cartridge' && <CartridgeForm url={registration.url} s={s} onDone={end} />}
        {registration?.kind === 'external' && <ExternalRegistration regurl={registration.url} s={s} onDone={end} />}
      </section>
      <section aria-labelledby="lti-tools-heading">
        <h2 id="lti-tools-heading">{s('tools')}</h2>
        <ToolList s={s} />
      </section>
      <section aria-labelledby="lti-proxies-heading" className="lti-proxies">
        <h2 id="lti-proxies-heading">{s('registrations')}</h2>
        <ProxyList s={s} />
      </section>
    </Page>
  );
}
