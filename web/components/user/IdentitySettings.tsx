import { useState } from 'react';
import { Checkbox, CheckboxGroup, Label, Text } from 'react-aria-components';
import { coreUserGetIdentitySettings, coreUserUpdateIdentitySettings, IDENTITY_FIELDS, type IdentityField } from '../../../api/identity';
import { ErrorPage } from '../../app/ErrorPage';
import { Loading, Page } from '../../app/Page';
import { addNotification } from '../../platform/notifications';
import { PendingButton } from '../../platform/PendingButton';
import { useWsMutation, useWsQuery } from '../../platform/query';
import { useStrings } from '../../platform/useStrings';
import './identity.css';

const PAGE_STRINGS = ['showuseridentity', 'showuseridentityintro', 'showuseridentityfields', 'showuseridentitynone', 'identitysaved', 'savechanges', 'administrationsite'] as const;

/** `/admin/settings.php?section=identity`: which identity fields staff see beside users' names. */
export function IdentitySettings() {
  const s = useStrings('core_user', PAGE_STRINGS);
  const current = useWsQuery(coreUserGetIdentitySettings, {}, { meta: { quiet: true } });
  return (
    <Page title={s('showuseridentity')} breadcrumb={[{ label: s('administrationsite'), to: '/admin/' }]}>
      {current.error ? (
        <ErrorPage message={current.error.message} />
      ) : current.data ? (
        <IdentityForm key={current.data.showuseridentity.join()} stored={current.data.showuseridentity} />
      ) : (
        <Loading />
      )}
    </Page>
  );
}

function IdentityForm({ stored }: { stored: readonly IdentityField[] }) {
  const s = useStrings('core_user', PAGE_STRINGS);
  const labels = useStrings('moodle', IDENTITY_FIELDS);
  const save = useWsMutation(coreUserUpdateIdentitySettings, [coreUserGetIdentitySettings]);
  const [chosen, setChosen] = useState<string[]>([...stored]);
  const unchanged = chosen.length === stored.length && stored.every((field) => chosen.includes(field));
  return (
    <form
      className="card form form-stack identity-settings"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ showuseridentity: chosen }, { onSuccess: () => void addNotification({ message: s('identitysaved'), type: 'success' }) });
      }}
    >
      <p className="identity-intro">{s('showuseridentityintro')}</p>
      <CheckboxGroup className="identity-fields" value={chosen} onChange={setChosen}>
        <Label className="field-label">{s('showuseridentityfields')}</Label>
        <div className="identity-choices">
          {IDENTITY_FIELDS.map((field) => (
            <Checkbox key={field} className="checkbox" value={field}>
              <span className="checkbox-box" aria-hidden="true" />
              {labels(field)}
            </Checkbox>
          ))}
        </div>
        {chosen.length === 0 && (
          <Text slot="description" className="field-help">
            {s('showuseridentitynone')}
          </Text>
        )}
      </CheckboxGroup>
      <div className="form-actions">
        <PendingButton isPending={save.isPending} type="submit" className="btn btn-primary" isDisabled={unchanged}>
          {s('savechanges')}
        </PendingButton>
      </div>
    </form>
  );
}
