import { ChakraProvider } from '@chakra-ui/react';
import { createElement, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { system } from '../app/theme';

/**
 * For unit tests of components: their HTML as the server renders it, inside the app's Chakra system (no DOM
 * needed), and that HTML's text as a reader gets it.
 */
export const renderHtml = (element: ReactElement): string => renderToString(createElement(ChakraProvider, { value: system, children: element }));

/** The text of rendered HTML: styles, tags and React's text separators dropped, white space collapsed. */
export const textOf = (html: string): string =>
  html
    .replace(/<style[^>]*>.*?<\/style>/g, '')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
