/** The longest search the public catalogue takes (issue 49): the search box's maxlength and the server's bound. */
export const COURSE_SEARCH_MAX = 100;
