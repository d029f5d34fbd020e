import type { ReviewSubRatingKey } from '@directory/domain';
import type { MessageId } from '../../locales/en';

/** Each sub-rating's name in the catalogues (REVIEW_SUB_RATINGS names the keys each site asks for). */
export const SUB_NAMES: Record<ReviewSubRatingKey, MessageId> = {
  performance: 'reviews.subPerformance',
  communication: 'reviews.subCommunication',
  punctuality: 'reviews.subPunctuality',
  value: 'reviews.subValue',
  engagement: 'reviews.subEngagement',
  curriculum_fit: 'reviews.subCurriculumFit',
  organisation: 'reviews.subOrganisation',
};
