import { SONGWRITER_NOT_FOUND_DESCRIPTION, SONGWRITER_NOT_FOUND_TITLE, pageMeta } from '@mello/contracts';
import { useParams } from 'react-router-dom';
import { useSongwriter } from '../api';
import { CareerPage } from '../components/CareerPage';

/** /songwriter/{slug}: a songwriter, other spellings and every entry they wrote, with its artist; the not-found view otherwise. */
export default function SongwriterPage() {
  const { slug = '' } = useParams();
  return (
    <CareerPage
      query={useSongwriter(slug)}
      meta={(songwriter) => pageMeta.songwriter(slug, songwriter)}
      kicker="Låtskrivare"
      loadingText="Laddar låtskrivare..."
      notFound={{ title: SONGWRITER_NOT_FOUND_TITLE, description: SONGWRITER_NOT_FOUND_DESCRIPTION }}
      aliasesLead="Även krediterad som"
      showArtist
    />
  );
}
