import type { z } from 'zod';
import type { tagAreaSchema, tagCollectionSchema } from '../../../api/tag';
import { useStrings } from '../../platform/useStrings';
import { InPlaceEditable } from '../../platform/InPlaceEditable';
import { TAG_STRINGS } from './tagStrings';

interface TagAreasTableProps {
  areas: Array<z.infer<typeof tagAreaSchema>>;
  collections: Array<z.infer<typeof tagCollectionSchema>>;
  onChanged: () => void;
}

/** Each tag area with its enable toggle, collection and standard-tag choice, edited in place; a disabled area's row is dimmed. */
export function TagAreasTable({ areas, collections, onChanged }: TagAreasTableProps) {
  const s = useStrings('core_tag', TAG_STRINGS);
  if (areas.length === 0) return <p className="empty-state">{s('noareas')}</p>;
  const collectionName = (id: number) => collections.find((c) => c.id === id)?.displayname ?? '';
  return (
    <div className="table-scroll">
      <table className="table tag-areas-table">
        <thead>
          <tr>
            <th scope="col">{s('tagarea')}</th>
            <th scope="col">{s('component')}</th>
            <th scope="col" className="narrow-cell">
              {s('enabled')}
            </th>
            <th scope="col">{s('tagcollection')}</th>
            <th scope="col">{s('standardtags')}</th>
          </tr>
        </thead>
        <tbody>
          {areas.map((area) => (
            <tr key={area.id} className={area.enabled ? undefined : 'tag-area-disabled'} data-enabled={area.enabled}>
              <th scope="row">
                {area.displayname}
                {!area.enabled && <span className="badge badge-muted">{s('areadisabled')}</span>}
              </th>
              <td className="muted">{area.component}</td>
              <td className="narrow-cell">
                <InPlaceEditable element={area.inplaceenabled} onUpdated={onChanged} />
              </td>
              <td>{area.inplacecollection.editable ? <InPlaceEditable element={area.inplacecollection} onUpdated={onChanged} /> : collectionName(area.tagcollid)}</td>
              <td>
                <InPlaceEditable element={area.inplaceshowstandard} onUpdated={onChanged} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
