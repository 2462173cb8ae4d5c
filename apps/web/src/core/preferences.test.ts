import { describe, expect, it, vi } from 'vitest';
import { createMemoryStorage } from '../testing/memory-storage';
import { createPreferences, PREFERENCE_PREFIX } from './preferences';

describe('preferences', () => {
  it('keeps every preference under the prospecta. prefix', () => {
    const storage = createMemoryStorage();
    const preferences = createPreferences(storage);
    preferences.set('locale', 'en');
    preferences.set('token', 'abc');
    preferences.set('selectedUser', { id: 4, name: 'Luca' });
    preferences.setCustom('dashboard.view', 'list');
    expect(
      Object.keys(
        Object.fromEntries(Array.from({ length: storage.length }, (_, i) => [storage.key(i), 1])),
      ),
    ).toEqual([
      `${PREFERENCE_PREFIX}locale`,
      `${PREFERENCE_PREFIX}token`,
      `${PREFERENCE_PREFIX}selectedUser`,
      `${PREFERENCE_PREFIX}dashboard.view`,
    ]);
    expect(storage.getItem('prospecta.token')).toBe('abc');
    expect(preferences.get('selectedUser')).toEqual({ id: 4, name: 'Luca' });
    expect(preferences.getCustom('dashboard.view', (v) => (v === 'list' ? v : null))).toBe('list');
  });

  it('ignores stored values that do not validate', () => {
    const storage = createMemoryStorage({
      'prospecta.locale': 'de',
      'prospecta.selectedUser': '{"id":"x"}',
      'prospecta.appVersion': 'abc',
    });
    const preferences = createPreferences(storage);
    expect(preferences.get('locale')).toBeNull();
    expect(preferences.get('selectedUser')).toBeNull();
    expect(preferences.get('appVersion')).toBeNull();
  });

  it('refuses to store an invalid value', () => {
    const preferences = createPreferences(createMemoryStorage());
    expect(() => preferences.set('campaignView', 'grid' as 'table')).toThrow();
  });

  it('notifies subscribers of changes here and from other tabs', () => {
    const target = new EventTarget();
    const preferences = createPreferences(createMemoryStorage(), target as unknown as Window);
    const listener = vi.fn();
    const unsubscribe = preferences.subscribe(listener);
    preferences.set('theme', 'dark');
    target.dispatchEvent(Object.assign(new Event('storage'), { key: 'prospecta.token' }));
    target.dispatchEvent(Object.assign(new Event('storage'), { key: 'unrelated' }));
    expect(listener.mock.calls).toEqual([['theme'], ['token']]);
    unsubscribe();
    preferences.remove('theme');
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
