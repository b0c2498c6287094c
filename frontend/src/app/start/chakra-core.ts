/**
 * Step 2 of the browser's start (main.tsx): Chakra's styling engine and emotion, evaluated in a task of their own.
 * The theme's system is built from them in the next step (styles.ts): the two together were one long task.
 */
export { createSystem, mergeConfigs, ChakraProvider } from '@chakra-ui/react';
export { default as createCache } from '@emotion/cache';
