/** The campsite domain and the CaSiNo corpus it is built from: real people's campsite negotiations. */
package dev.parley.domain.campsite;
