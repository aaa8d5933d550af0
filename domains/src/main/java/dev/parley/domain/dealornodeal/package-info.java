/** Deal or No Deal on OpenSpiel's bargaining boards. */
package dev.parley.domain.dealornodeal;
