import { Button, Flex } from '@chakra-ui/react';
import { LuDownload } from 'react-icons/lu';
import { EXPORT_LINKS } from '../api';

/** The open-data export of every entry (docs/open-data.md), as JSON and CSV downloads. */
export function OpenDataLinks() {
  return (
    <Flex gap="3" wrap="wrap">
      <Button asChild variant="outline" colorPalette="gold">
        <a href={EXPORT_LINKS.json} download>
          <LuDownload aria-hidden="true" /> Alla bidrag som JSON
        </a>
      </Button>
      <Button asChild variant="outline" colorPalette="gold">
        <a href={EXPORT_LINKS.csv} download>
          <LuDownload aria-hidden="true" /> Alla bidrag som CSV
        </a>
      </Button>
    </Flex>
  );
}
