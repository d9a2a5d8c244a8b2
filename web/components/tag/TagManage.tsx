import { useSearchParams } from 'react-router';
import { ManageTags } from './ManageTags';
import { TagCollections } from './TagCollections';

/** /tag/manage.php: the collections and areas, or with `tc` the tags of one collection. */
export function TagManage() {
  const [params] = useSearchParams();
  return params.get('tc') ? <ManageTags /> : <TagCollections />;
}
