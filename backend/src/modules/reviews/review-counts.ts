import type { EntityManager } from 'typeorm';
import { ReviewEntity } from './review.entity';

/**
 * Writes a post's review figures, counted afresh from its published reviews in the caller's transaction (after the
 * change that moved them; the seed after loading its reviews): updated_at is kept, as it versions the post's picture
 * URLs.
 */
export async function recountReviews(m: EntityManager, postId: number): Promise<void> {
  const rows = await m.find(ReviewEntity, { select: { rating: true, ratings: true }, where: { postId, status: 'published' } });
  const sub = new Map<string, { sum: number; n: number }>();
  let sum = 0;
  for (const r of rows) {
    sum += r.rating;
    for (const [key, value] of Object.entries(JSON.parse(r.ratings) as Record<string, number>)) {
      const s = sub.get(key) ?? { sum: 0, n: 0 };
      sub.set(key, { sum: s.sum + value, n: s.n + 1 });
    }
  }
  const averages = sub.size ? JSON.stringify(Object.fromEntries([...sub].map(([key, s]) => [key, Math.round((s.sum / s.n) * 10) / 10]))) : null;
  await m.query('UPDATE posts SET review_count = ?, review_rating_sum = ?, review_sub_averages = ? WHERE id = ?', [rows.length, sum, averages, postId]);
}
