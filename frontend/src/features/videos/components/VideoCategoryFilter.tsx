import { videoCategoryLabel } from '../../../lib/badges';
import { FilterButtons } from '../../../components/FilterButtons';
import { VIDEO_FILTERS, type VideoFilter } from '../video-selection';

/** 'Alla' and the five video categories as toggle buttons. */
export function VideoCategoryFilter({ value, onChange }: { value: VideoFilter; onChange: (filter: VideoFilter) => void }) {
  return <FilterButtons options={VIDEO_FILTERS} value={value} onChange={onChange} label={(f) => (f === 'all' ? 'Alla' : videoCategoryLabel(f))} />;
}
