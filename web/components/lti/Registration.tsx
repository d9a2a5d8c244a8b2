import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from 'react-aria-components';
import {
  modLtiCreateToolProxy,
  modLtiCreateToolType,
  modLtiDeleteToolProxy,
  modLtiGetToolProxies,
  modLtiGetToolProxyRegistrationRequest,
  modLtiGetToolTypes,
  modLtiUpdateToolType,
  type ToolTypeCard,
} from '../../../api/lti';
import { AjaxError, call } from '../../platform/ajax';
import { FormField } from '../../platform/FormField';
import { addNotification } from '../../platform/notifications';
import { PendingButton } from '../../platform/PendingButton';
import type { StringLookup } from '../../platform/useStrings';

/** Refetches the tool and registration lists after a registration ends. */
function useRefreshLists() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: [modLtiGetToolTypes.name] }), client.invalidateQueries({ queryKey: [modLtiGetToolProxies.name] })]);
}

/** Key and secret for a cartridge; success and failure both end the registration and refresh the list. */
export function CartridgeForm({ url, s, onDone }: { url: string; s: StringLookup; onDone: () => void }) {
  const id = useId();
  const [key, setKey] = useState('');
  const [secret, setSecret] = useState('');
  const [loading, setLoading] = useState(false);
  const refresh = useRefreshLists();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (loading || !url) return;
    setLoading(true);
    try {
      await call(modLtiCreateToolType, { cartridgeurl: url, key, secret });
      void addNotification({ message: s('successfullycreatedtooltype'), type: 'success' });
    } catch {
      void addNotification({ message: s('failedtocreatetooltype'), type: 'error' });
    } finally {
      setLoading(false);
      onDone();
      void refresh();
    }
  };
  return (
    <form className="lti-registration form-stack" onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-title`} noValidate>
      <h2 id={`${id}-title`}>{s('cartridgeregistration')}</h2>
      <p className="lti-registration-url">{url}</p>
      <FormField id={`${id}-key`} label={s('consumerkey')}>
        <input id={`${id}-key`} type="text" value={key} autoComplete="off" onChange={(e) => setKey(e.target.value)} />
      </FormField>
      <FormField id={`${id}-secret`} label={s('sharedsecret')}>
        <input id={`${id}-secret`} type="password" value={secret} autoComplete="new-password" onChange={(e) => setSecret(e.target.value)} />
      </FormField>
      <div className="form-actions">
        <Button className="btn btn-secondary" onPress={onDone} isDisabled={loading}>
          {s('cancel')}
        </Button>
        <PendingButton isPending={loading} pendingKind="working" type="submit" className="btn btn-primary">
          {s('addfromcartridge')}
        </PendingButton>
      </div>
    </form>
  );
}

interface ReturnMessage {
  type: 'mod_lti_registration';
  id: number;
  status: string;
  error: boolean;
  message: string;
}

/** A tool's plain-text message made safe for a notification, which is HTML. */
function escapeText(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function isReturnMessage(data: unknown): data is ReturnMessage {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'mod_lti_registration';
}

/**
 * LTI 2 registration: makes a tool proxy, posts the registration request into a frame, and waits for
 * the tool's return page to tell the outcome. Cancelling deletes the proxy this registration made.
 */
export function ExternalRegistration({ regurl, s, onDone }: { regurl: string; s: StringLookup; onDone: () => void }) {
  const frameName = `lti-registration-${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const [request, setRequest] = useState<Record<string, string> | null>(null);
  const [proxyId, setProxyId] = useState(0);
  const [error, setError] = useState('');
  const [agreement, setAgreement] = useState<ToolTypeCard[] | null>(null);
  const [deciding, setDeciding] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const started = useRef(false);
  const refresh = useRefreshLists();

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      try {
        const proxy = await call(modLtiCreateToolProxy, { regurl });
        setProxyId(proxy.id);
        setRequest(await call(modLtiGetToolProxyRegistrationRequest, { id: proxy.id }));
      } catch (e) {
        setError(e instanceof AjaxError ? e.message : s('failedtocreatetooltype'));
      }
    })();
  }, [regurl, s]);

  useEffect(() => {
    if (request) form.current?.submit();
  }, [request]);

  useEffect(() => {
    const listener = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || !isReturnMessage(event.data) || event.data.id !== proxyId) return;
      if (event.data.error) {
        // The return page has already deleted the proxy; the tool's message is shown as text.
        setError(event.data.message);
        setRequest(null);
        setProxyId(0);
        void refresh();
        return;
      }
      // The tool's own message (lti_msg) when it sent one; it is text, so it is escaped for the notice.
      const notice = escapeText(event.data.message || s('successfullycreatedtooltype'));
      const finish = () => {
        void addNotification({ message: notice, type: 'success' });
        void refresh();
        onDone();
      };
      // The tools the registration made wait for the admin to agree to the data they ask for.
      void call(modLtiGetToolTypes, { toolproxyid: event.data.id })
        .then((types) => {
          const asking = types.filter((t) => t.hascapabilitygroups && t.state.pending);
          if (asking.length) setAgreement(asking);
          else finish();
        })
        .catch(finish);
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [proxyId, onDone, refresh, s]);

  const agree = async () => {
    if (!agreement || deciding) return;
    setDeciding(true);
    try {
      for (const type of agreement) if (type.id) await call(modLtiUpdateToolType, { id: type.id, state: 1 });
      void addNotification({ message: s('successfullycreatedtooltype'), type: 'success' });
    } catch {
      void addNotification({ message: s('failedtocreatetooltype'), type: 'error' });
    } finally {
      void refresh();
      onDone();
    }
  };

  // Declining removes what this registration made: the proxy goes with its tools.
  const decline = async () => {
    if (deciding) return;
    setDeciding(true);
    try {
      await call(modLtiDeleteToolProxy, { id: proxyId });
      void addNotification({ message: s('registrationdeclined'), type: 'info' });
    } catch {
      void addNotification({ message: s('failedtodeletetoolproxy'), type: 'error' });
    } finally {
      void refresh();
      onDone();
    }
  };

  const cancel = async () => {
    if (proxyId) {
      try {
        await call(modLtiDeleteToolProxy, { id: proxyId });
      } catch {
        void addNotification({ message: s('failedtodeletetoolproxy'), type: 'error' });
      }
      void refresh();
    }
    onDone();
  };

  return (
    <section className="lti-registration" aria-labelledby={`${frameName}-title`}>
      <h2 id={`${frameName}-title`}>{s('externalregistration')}</h2>
      {error ? (
        <div className="alert alert-error" role="alert">
          <div className="alert-message">{error}</div>
        </div>
      ) : (
        !agreement && <p>{s('externalregistrationhelp')}</p>
      )}
      {agreement ? (
        <div className="lti-agreement" role="group" aria-label={s('capabilitiesrequired')}>
          <p>{s('registrationagreement')}</p>
          {agreement.map((type) => (
            <div key={type.id}>
              <h3 className="lti-card-title">{type.name}</h3>
              <p>{s('capabilitiesrequired')}</p>
              <ul>
                {type.capabilitygroups.map((group) => (
                  <li key={group}>{group}</li>
                ))}
              </ul>
            </div>
          ))}
          <div className="lti-card-actions">
            <PendingButton isPending={deciding} className="btn btn-primary" onPress={() => void agree()} autoFocus>
              {s('agree')}
            </PendingButton>
            <Button className="btn btn-secondary" onPress={() => void decline()} isDisabled={deciding}>
              {s('decline')}
            </Button>
          </div>
        </div>
      ) : request && (
        <>
          <form ref={form} method="post" action={request.reg_url} target={frameName} hidden>
            {Object.entries(request).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
          </form>
          <iframe name={frameName} title={s('externalregistration')} className="lti-registration-frame" />
        </>
      )}
      {!agreement && (
        <div className="form-actions">
          <Button className="btn btn-secondary" onPress={() => void cancel()}>
            {error ? s('cancel') : s('cancelregistration')}
          </Button>
        </div>
      )}
    </section>
  );
}
