/** The configured markets, loaded once by main.tsx and read by every view. */
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { MarketInfo } from '../shared/admin';

export const MarketsContext = createContext<MarketInfo[]>([]);
export const useMarkets = () => useContext(MarketsContext);
