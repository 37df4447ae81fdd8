import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { portalConfig } from '../../lib/portal-config';

interface YMapsApi {
  ready(callback: () => void): void;
  Map: new (
    el: HTMLElement,
    state: object,
    options?: object,
  ) => { geoObjects: { add(o: unknown): void }; destroy(): void };
  Placemark: new (coords: number[], properties: object, options?: object) => unknown;
}
declare global {
  interface Window {
    ymaps?: YMapsApi;
  }
}

let loading: Promise<YMapsApi> | null = null;

/** Yandex Maps 2.1 in Russian, loaded once per page with the configured key (docs/spec/03-entities.md). */
function loadYandexMaps(apiKey: string): Promise<YMapsApi> {
  if (window.ymaps) return Promise.resolve(window.ymaps);
  loading ??= new Promise<YMapsApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `https://api-maps.yandex.ru/2.1/?apikey=${encodeURIComponent(apiKey)}&lang=ru_RU`;
    script.async = true;
    script.onload = () =>
      window.ymaps ? window.ymaps.ready(() => resolve(window.ymaps!)) : reject(new Error('ymaps'));
    script.onerror = () => {
      loading = null;
      reject(new Error('ymaps'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

export const yandexMapLink = (lat: number, lon: number) => `https://yandex.ru/maps/?pt=${lon},${lat}&z=16&l=map`;
export const yandexRouteLink = (lat: number, lon: number) => `https://yandex.ru/maps/?rtext=~${lat},${lon}&rtt=auto`;

/**
 * The warehouse on a map with a route button; without a maps key (or when the API does not load) the
 * address, the coordinates and links to the map and to a route instead.
 */
export function StorageMap({ lat, lon, name, address }: { lat: number; lon: number; name: string; address: string }) {
  const { t } = useTranslation('content');
  const apiKey = portalConfig.settings?.mapsApiKey ?? '';
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!apiKey || !box.current) return;
    let map: { destroy(): void } | null = null;
    let cancelled = false;
    loadYandexMaps(apiKey)
      .then((ymaps) => {
        if (cancelled || !box.current) return;
        const m = new ymaps.Map(box.current, {
          center: [lat, lon],
          zoom: 15,
          controls: ['zoomControl', 'routeButtonControl', 'fullscreenControl'],
        });
        m.geoObjects.add(
          new ymaps.Placemark([lat, lon], { balloonContent: `${name}<br>${address}`, hintContent: name }),
        );
        map = m;
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      map?.destroy();
    };
  }, [apiKey, lat, lon, name, address]);

  const links = (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
      <Link href={yandexMapLink(lat, lon)} target="_blank" rel="noopener noreferrer">
        {t('storage.openMap')} <OpenInNewIcon fontSize="inherit" aria-hidden />
      </Link>
      <Link href={yandexRouteLink(lat, lon)} target="_blank" rel="noopener noreferrer">
        {t('storage.route')} <OpenInNewIcon fontSize="inherit" aria-hidden />
      </Link>
    </Box>
  );

  if (!apiKey || failed) {
    return (
      <Box data-testid="map-fallback" sx={{ display: 'grid', gap: 1 }}>
        <Alert severity="info">{failed ? t('storage.mapFailed') : t('storage.noMap')}</Alert>
        <Typography>{address}</Typography>
        <Typography color="text.secondary">
          {t('storage.coordinates')}: {lat.toFixed(5)}, {lon.toFixed(5)}
        </Typography>
        {links}
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box
        ref={box}
        role="region"
        aria-label={t('storage.map')}
        sx={{ width: '100%', height: { xs: 300, md: 420 }, bgcolor: 'action.hover' }}
      />
      {links}
    </Box>
  );
}
