/** The Redoc options of the page (see ./optionsFrom.ts). */
import {useMemo} from 'react';
import {usePluginData} from '@docusaurus/useGlobalData';
import useIsBrowser from '@docusaurus/useIsBrowser';
import type {RedocRawOptions} from 'redoc/typings/services/RedocNormalizedOptions';
import {redocOptionsFrom, type RedocThemeData} from './optionsFrom';

export function useRedocOptions(): RedocRawOptions {
  const isBrowser = useIsBrowser();
  const data = usePluginData('docusaurus-theme-redoc') as RedocThemeData;
  return useMemo(() => redocOptionsFrom(data, isBrowser), [data, isBrowser]);
}
