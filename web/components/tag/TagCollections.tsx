import { useState } from 'react';
import { Button } from 'react-aria-components';
import { Link } from 'react-router';
import { coreTagDeleteCollection, coreTagGetCollectionsAndAreas, coreTagMoveCollection, type tagCollectionSchema } from '../../../api/tag';
import type { z } from 'zod';
import { Loading, Page } from '../../app/Page';
import { announce } from '../../platform/announcer';
import { confirmDialog } from '../../platform/dialogs';
import { moveButtonId, refocusMoveButton, type MoveDirection } from '../../platform/moveButtons';
import { addNotification } from '../../platform/notifications';
import { useWsMutation, useWsQuery } from '../../platform/query';
import { relativeUrl } from '../../platform/url';
import { useStrings } from '../../platform/useStrings';
import { AddCollectionDialog } from './AddCollectionDialog';
import { TagAreasTable } from './TagAreasTable';
import { InPlaceEditable } from '../../platform/InPlaceEditable';
import { TAG_STRINGS } from './tagStrings';
import './tag.css';

type Collection = z.infer<typeof tagCollectionSchema>;

/** The tag collections (name, searchable, areas, order, delete) and the tag areas of the site. */
export function TagCollections() {
  const s = useStrings('core_tag', TAG_STRINGS);
  const m = useStrings('moodle', ['administrationsite']);
  const [adding, setAdding] = useState(false);
  const data = useWsQuery(coreTagGetCollectionsAndAreas, {});
  const remove = useWsMutation(coreTagDeleteCollection, [coreTagGetCollectionsAndAreas]);
  const move = useWsMutation(coreTagMoveCollection, [coreTagGetCollectionsAndAreas]);
  const refetch = () => void data.refetch();

  async function deleteCollection(collection: Collection) {
    const ok = await confirmDialog({
      title: s('deletecollection'),
      message: s('deletecollectionconfirm', collection.displayname),
      confirmLabel: s('deletecollection'),
      destructive: true,
    });
    if (ok) remove.mutate({ tcid: collection.id }, { onSuccess: () => void addNotification({ message: s('collectiondeleted', collection.displayname), type: 'success' }) });
  }

  /**
   * One move at a time: a press while one is under way does nothing (the button stays enabled, so it
   * keeps focus). Afterwards the move is announced and focus follows the collection.
   */
  function moveCollection(collection: Collection, index: number, direction: MoveDirection) {
    if (move.isPending) return;
    move.mutate(
      { tcid: collection.id, direction },
      {
        onSuccess: () => {
          announce(s('collectionmovedto', { name: collection.displayname, position: index + (direction === 'up' ? 0 : 2) }));
          refocusMoveButton('tagcoll', collection.id, direction);
        },
      },
    );
  }

  return (
    <Page
      title={s('managetags')}
      breadcrumb={[{ label: m('administrationsite'), to: '/admin/' }]}
      actions={
        <Button className="btn btn-primary" onPress={() => setAdding(true)}>
          {s('addtagcoll')}
        </Button>
      }
    >
      {!data.data ? (
        <Loading />
      ) : (
        <>
          <section className="card tag-section" aria-labelledby="tag-collections-heading">
            <h2 id="tag-collections-heading">{s('tagcollections')}</h2>
            <div className="table-scroll">
              <table className="table tag-collections-table">
                <thead>
                  <tr>
                    <th scope="col">{s('name')}</th>
                    <th scope="col" className="narrow-cell">
                      {s('searchable')}
                    </th>
                    <th scope="col">{s('tagareas')}</th>
                    <th scope="col" className="number-cell">
                      {s('tags')}
                    </th>
                    <th scope="col">
                      <span className="visually-hidden">{s('actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.data.collections.map((collection, index) => (
                    <tr key={collection.id}>
                      <th scope="row">
                        <InPlaceEditable element={collection.inplacename} onUpdated={refetch} />
                      </th>
                      <td className="narrow-cell">
                        <InPlaceEditable element={collection.inplacesearchable} onUpdated={refetch} />
                      </td>
                      <td>{collection.areanames.length ? collection.areanames.join(', ') : <span className="muted">{s('nocollectionareas')}</span>}</td>
                      <td className="number-cell">{collection.tagcount}</td>
                      <td className="row-actions">
                        <Link className="btn btn-link" to={relativeUrl('/tag/manage.php', { tc: collection.id })}>
                          {s('managetags')}
                          <span className="visually-hidden"> — {s('managecollectiontags', collection.displayname)}</span>
                        </Link>
                        <Button
                          id={moveButtonId('tagcoll', collection.id, 'up')}
                          className="btn-icon"
                          aria-label={s('movecollectionup', collection.displayname)}
                          isDisabled={!collection.canmoveup}
                          onPress={() => moveCollection(collection, index, 'up')}
                        >
                          <span aria-hidden="true">↑</span>
                        </Button>
                        <Button
                          id={moveButtonId('tagcoll', collection.id, 'down')}
                          className="btn-icon"
                          aria-label={s('movecollectiondown', collection.displayname)}
                          isDisabled={!collection.canmovedown}
                          onPress={() => moveCollection(collection, index, 'down')}
                        >
                          <span aria-hidden="true">↓</span>
                        </Button>
                        {collection.candelete && (
                          <Button className="btn btn-link danger" aria-label={`${s('deletecollection')}: ${collection.displayname}`} onPress={() => void deleteCollection(collection)}>
                            {s('deletecollection')}
                          </Button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
          <section className="card tag-section" aria-labelledby="tag-areas-heading">
            <h2 id="tag-areas-heading">{s('tagareas')}</h2>
            <TagAreasTable areas={data.data.areas} collections={data.data.collections} onChanged={refetch} />
          </section>
        </>
      )}
      {adding && <AddCollectionDialog onClose={() => setAdding(false)} />}
    </Page>
  );
}
