import { Box, Link, Text } from '@chakra-ui/react';
import { songwriterPath, artistPath, type EntryField, type EntryView, type LineupShow } from '@mello/contracts';
import { Fragment } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { disputeOf, showPoints } from '../format';
import { DisputeMarker } from './DisputeMarker';
import { Known, Unknown } from '../../../components/content/Unknown';

/** A value of an entry with its dispute mark when the sources disagree on that field. */
export function FieldValue({ entry, field, value }: { entry: EntryView; field: EntryField; value: string | number | null }) {
  const dispute = disputeOf(entry, field);
  return (
    <Box as="span" whiteSpace="nowrap">
      <Known value={value} />
      {dispute && <DisputeMarker dispute={dispute} />}
    </Box>
  );
}

/** The artist as billed that year, linked to the act's page. */
export function ArtistName({ entry }: { entry: EntryView }) {
  const dispute = disputeOf(entry, 'artist');
  return (
    <>
      {entry.artistRef.slug ? (
        <Link asChild color="fg" fontWeight="semibold" _hover={{ color: 'brand.fg' }}>
          <RouterLink to={artistPath(entry.artistRef.slug)}>{entry.artist}</RouterLink>
        </Link>
      ) : (
        <Text as="span" fontWeight="semibold">
          {entry.artist}
        </Text>
      )}
      {dispute && <DisputeMarker dispute={dispute} />}
    </>
  );
}

export function SongTitle({ entry }: { entry: EntryView }) {
  const dispute = disputeOf(entry, 'song');
  return (
    <>
      <Text as="span" fontStyle="italic">
        {entry.song}
      </Text>
      {dispute && <DisputeMarker dispute={dispute} />}
    </>
  );
}

/** The credited songwriters, each linked to their page; unknown when the data has none verified. */
export function Songwriters({ entry }: { entry: EntryView }) {
  const dispute = disputeOf(entry, 'songwriters');
  return (
    <>
      {entry.songwriters.length === 0 ? (
        <Unknown />
      ) : (
        entry.songwriters.map((writer, index) => (
          <Fragment key={`${writer.slug}-${index}`}>
            {index > 0 && ', '}
            {/* Inline, not Chakra's inline-flex: a box of its own lets the comma after it wrap to the next line. */}
            <Link asChild display="inline" color="fg.muted" _hover={{ color: 'brand.fg' }}>
              <RouterLink to={songwriterPath(writer.slug)}>{writer.name}</RouterLink>
            </Link>
            {writer.alias && (
              <Text as="span" color="fg.subtle">
                {' '}
                ({writer.alias})
              </Text>
            )}
          </Fragment>
        ))
      )}
      {dispute && <DisputeMarker dispute={dispute} />}
    </>
  );
}

/** Final points, and the jury / televote parts when either is published. */
export function Points({ entry, kind }: { entry: EntryView; kind: LineupShow['kind'] }) {
  const points = showPoints(entry, kind);
  if (!points) return null;
  return (
    <Box>
      <FieldValue entry={entry} field="finalPoints" value={points.total} />
      {points.split && (
        <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap">
          Jury <FieldValue entry={entry} field="juryPoints" value={points.split.jury} /> · Tittare{' '}
          <FieldValue entry={entry} field="televotePoints" value={points.split.televote} />
        </Text>
      )}
    </Box>
  );
}
