import { ARTIST_NOT_FOUND_DESCRIPTION, ARTIST_NOT_FOUND_TITLE, pageMeta } from '@mello/contracts';
import { useParams } from 'react-router-dom';
import { useArtist } from '../api';
import { ArtistMedia } from '../components/ArtistMedia';
import { CareerPage } from '../components/CareerPage';

/**
 * /artist/{slug}: an act's name, other names, every entry across the years, then its videos and forum threads;
 * the not-found view otherwise.
 */
export default function ArtistPage() {
  const { slug = '' } = useParams();
  return (
    <CareerPage
      query={useArtist(slug)}
      meta={(artist) => pageMeta.artist(slug, artist)}
      kicker="Artist"
      loadingText="Laddar artist..."
      notFound={{ title: ARTIST_NOT_FOUND_TITLE, description: ARTIST_NOT_FOUND_DESCRIPTION }}
      aliasesLead="Även känd som"
      showArtist={false}
      after={(artist) => <ArtistMedia videos={artist.videos} threads={artist.threads} />}
    />
  );
}
