import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from 'antd';
import { downloadUrl } from '../../../lib/download';
import type { MaterialRow } from '../api';

/**
 * A material's title as its link: a web link opens in a new tab; a course opens its learner's page; an uploaded
 * document is a private file of the organisation, so it is downloaded through the app's client (which sends the
 * token).
 */
export function MaterialLink({ material }: { material: MaterialRow }): ReactNode {
  if (!material.url) return material.title;
  if (material.kind === 'document')
    return (
      <Button
        type="link"
        style={{ padding: 0, height: 'auto' }}
        onClick={() =>
          void downloadUrl(material.url ?? '', { fileName: material.title }).catch(() => undefined)
        }
      >
        {material.title}
      </Button>
    );
  // A course opens on the learner's pages of this app; a link elsewhere in a new tab.
  if (material.kind === 'course') return <Link to={material.url}>{material.title}</Link>;
  return (
    <a href={material.url} target="_blank" rel="noreferrer">
      {material.title}
    </a>
  );
}
