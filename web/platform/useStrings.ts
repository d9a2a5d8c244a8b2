import { useQuery } from '@tanstack/react-query';
import { getStrings, pageLang, peekRaw, substitute, type StringParam } from './strings';

export type StringLookup = (key: string, param?: StringParam) => string;

/**
 * The strings a component shows, from the server's language pack. Cached strings are there on the
 * first render; others arrive in one batched call (until then the lookup answers an empty string).
 */
export function useStrings(component: string, keys: readonly string[]): StringLookup {
  const lang = pageLang();
  const cached = (): Record<string, string> | undefined => {
    const out: Record<string, string> = {};
    for (const key of keys) {
      const raw = peekRaw(key, component, lang);
      if (raw === undefined) return undefined;
      out[key] = raw;
    }
    return out;
  };
  const { data } = useQuery({
    queryKey: ['strings', lang, component, ...keys],
    queryFn: async () => {
      const values = await getStrings(keys.map((key) => ({ key, component, lang })));
      return Object.fromEntries(keys.map((key, i) => [key, values[i] ?? '']));
    },
    initialData: cached,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  return (key, param) => {
    const raw = data?.[key] ?? peekRaw(key, component, lang);
    return raw === undefined ? '' : substitute(raw, param);
  };
}

/** The display names of activity types (`modulename` in each `mod_<name>` pack), by modname. */
export function useModuleNames(modnames: readonly string[]): (modname: string) => string {
  const unique = [...new Set(modnames)].sort();
  const lang = pageLang();
  const { data } = useQuery({
    queryKey: ['modulenames', lang, ...unique],
    queryFn: async () => {
      const names = await getStrings(unique.map((m) => ({ key: 'modulename', component: `mod_${m}`, lang })));
      return Object.fromEntries(unique.map((m, i) => [m, names[i] ?? m]));
    },
    enabled: unique.length > 0,
    staleTime: Infinity,
  });
  return (modname) => data?.[modname] ?? peekRaw('modulename', `mod_${modname}`, lang) ?? '';
}
