import { RequestException } from './domain.exception';
import { parseSimpleRest } from './simple-rest';

const parse = (query: Record<string, string>) => parseSimpleRest(query, ['id', 'title'] as const, { field: 'id', order: 'DESC' });

describe('the simple-rest list dialect', () => {
  it('reads sort, range and filter as ra-data-simple-rest sends them', () => {
    expect(parse({ sort: '["title","asc"]', range: '[10,19]', filter: '{"q":"harp","id":[1,2]}' })).toEqual({
      sort: { field: 'title', order: 'ASC' },
      offset: 10,
      limit: 10,
      filter: { q: 'harp', id: [1, 2] },
    });
  });

  it('falls back to the default sort, the first 25 rows and no filter', () => {
    expect(parse({})).toEqual({ sort: { field: 'id', order: 'DESC' }, offset: 0, limit: 25, filter: {} });
  });

  it.each([
    ['sort', '["password_hash","ASC"]'],
    ['sort', 'title'],
    ['range', '[5,1]'],
    ['range', '[-1,3]'],
    ['filter', '[1]'],
    ['filter', '{bad'],
  ])('refuses %s=%s naming the field', (field, value) => {
    try {
      parse({ [field]: value });
      throw new Error('accepted');
    } catch (error) {
      expect(error).toBeInstanceOf(RequestException);
      expect((error as RequestException).details.field).toBe(field);
    }
  });
});
