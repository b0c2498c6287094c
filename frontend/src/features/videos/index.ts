/** What other parts of the client use of the videos: the featured video (home), a thumbnail (search hits), the list's query keys. */
export { FeaturedVideo } from './components/FeaturedVideo';
export { VideoThumbnail } from './components/VideoThumbnail';
export { videoPagesKeys } from './use-video-pages';
