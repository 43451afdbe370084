import { BookLimits } from '@bookshelf/contract';

/**
 * One previous state without its tags, {"id":"<uuid>","status":"wishlist","dateRead":"<instant>","tags":[]},
 * is 7 + 36 + 12 + 8 + 14 + 29 (2024-05-01T10:00:00.000+05:30) + 10 + 3 = 119 bytes; 160 leaves room for a
 * longer fraction of a second.
 */
const STATE_WITHOUT_TAGS_BYTES = 160;
/** JSON.stringify writes a control character in a tag as \u0001: 6 bytes; any other takes at most 3 in UTF-8. */
const BYTES_PER_TAG_CHARACTER = 6;
/** A tag as "…", with its quotes and comma. */
const TAG_BYTES = BookLimits.tagMax * BYTES_PER_TAG_CHARACTER + 3;

/**
 * The body limit of Undo (POST /api/books/bulk/revert): the previous states of the largest bulk change the API
 * allows must fit, or that change cannot be undone (the app's 1 MiB refused one of 1,000 books with 50 tags).
 * bulkMax × (160 + tagsMax × (tagMax × 6 + 3)) = 1000 × (160 + 50 × 303) = 15,310,000 bytes, + 64 for
 * {"books":[]}: about 14.6 MiB.
 */
export const REVERT_BODY_LIMIT_BYTES =
  BookLimits.bulkMax * (STATE_WITHOUT_TAGS_BYTES + BookLimits.tagsMax * TAG_BYTES) + 64;
